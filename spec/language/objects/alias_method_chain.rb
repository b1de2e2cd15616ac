class Logger
  def write(msg)
    "wrote #{msg}"
  end

  alias_method :write_without_stamp, :write

  def write(msg)
    "[stamp] " + write_without_stamp(msg)
  end

  r = alias_method "log", "write"
  p r
end

lg = Logger.new
p lg.write("a")
p lg.write_without_stamp("b")
p lg.log("c")
