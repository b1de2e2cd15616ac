# While a rescue clause runs, its method's frame shows MRI's line of the
# rescue: the def/class/begin whose whole body it is, else its first
# statement's; inside an ensure, the rescue keyword's.
def inner = raise("a")
def b1

  begin
    inner
  rescue
    raise "x"
  end
  1
end
def b2(a,
       b = 2)

  begin
    inner
  rescue
    raise "x"
  end
end
class K
  def b3

    begin
      inner
    rescue
      raise "x"
    end
  end
end
def b4
  [1].each do

    begin
      inner
    rescue
      raise "x"
    end
  end
end
b5 = lambda do

    begin
      inner
    rescue
      raise "x"
    end
end
def b6
  begin
    inner
  rescue
    raise "x"
  ensure
    3
  end
end
def b7
  begin
    inner
  rescue
    raise "x"
  else
    3
  end
end
def b8
  1.then { begin
    inner
  rescue
    raise "x"
  end }
end
def b9

  begin; inner; rescue; raise "x"; end if true
end
[->{b1}, ->{b2(1)}, ->{K.new.b3}, ->{b4}, b5, ->{b6}, ->{b7}, ->{b8},->{b9}].each { |m| begin; m.(); rescue => e; puts e.backtrace[1]; end }
def e1
  q = 1

  inner rescue raise("x")
end
class L1

  inner rescue raise("y")
rescue => e
  puts e.backtrace[0..1]
end
class L2
  q = 1
  inner
rescue
  begin
    raise "z"
  rescue => e
    puts e.backtrace[0..1]
  end
end
def e2
  [1].each do
  rescue
    raise "q"
  end
  [1].each do
    inner
  rescue
    raise "q"
  ensure
    1
  end
end
def e3
  x = begin
    inner
  rescue
    raise "w"
  end
end
def e4
  begin
    1
    begin

      inner
    rescue
      raise "w"
    end
  ensure
    2
  end
end
def e5

  inner
rescue
  raise "w"
else
  3
ensure
  4
end
[->{e1}, ->{e2}, ->{e3}, ->{e4}, ->{e5}].each { |m| begin; m.(); rescue => e; puts e.backtrace[0..1]; end }
