class Button
  def initialize(&on_click)
    @on_click = on_click
    @clicks = 0
  end

  def click
    @clicks += 1
    @on_click.call(@clicks)
  end
end

log = []
b = Button.new { |n| log << "clicked #{n}"; n * 2 }
p b.click
p b.click
p log
