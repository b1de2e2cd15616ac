# spec: stderr-first-line
class Loop
  def method_missing(name, *args) = send(name)
end

Loop.new.anything
