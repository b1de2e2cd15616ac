class Base
  def self.create
    "#{name}.create -> #{new.kind}"
  end

  def kind
    "base"
  end
end

class Sub < Base
  def kind
    "sub"
  end
end

puts Base.create
puts Sub.create
class Sub
  def self.create
    "override / " + super
  end
end
puts Sub.create
