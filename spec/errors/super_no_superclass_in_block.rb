class Solo
  def inspect = "#<Solo>"

  def each_one
    [1].each { super() }
  end
end

Solo.new.each_one
