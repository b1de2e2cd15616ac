class Base
  @subclasses = []

  class << self
    attr_reader :subclasses

    def inherited(sub)
      super
      Base.subclasses << sub.name
    end
  end
end

class Left < Base; end
class Right < Base; end
class Deeper < Left; end
Anon = Class.new(Base)
p Base.subclasses

module Tracked
  def self.included(base)
    puts "#{self} included in #{base}"
    base.extend(ClassMethods)
  end

  def self.extended(object)
    puts "#{self} extended #{object.class}"
  end

  module ClassMethods
    def tracked? = true
  end
end

class Widget
  include Tracked
end
p Widget.tracked?
Object.new.extend(Tracked)

module Loud
  def self.included(base) = puts("Loud -> #{base}")
end

module Quiet
  def self.included(base) = puts("Quiet -> #{base}")
end

class Both
  include Loud, Quiet
end
p Both.ancestors.take(3)
