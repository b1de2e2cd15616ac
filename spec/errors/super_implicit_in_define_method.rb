class Base
  def go = :base
end

class Sub < Base
  define_method(:go) { super }
end

Sub.new.go
