class Lonely
  def inspect = "#<Lonely>"

  def hello
    super
  end
end

Lonely.new.hello
