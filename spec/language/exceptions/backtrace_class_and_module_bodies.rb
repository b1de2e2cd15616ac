begin
  module Mod
    class Klass
      raise "in class body"
    end
  end
rescue => e
  puts e.backtrace
end
begin
  class << Object.new
    raise "in singleton class"
  end
rescue => e
  puts e.backtrace
end
