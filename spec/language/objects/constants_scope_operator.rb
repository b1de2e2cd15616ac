VALUE = "top level"

module Lib
  VALUE = "lib"

  module Util
    VALUE = "util"

    def self.values
      [VALUE, Lib::VALUE, ::VALUE, Util::VALUE]
    end
  end
end

p Lib::Util.values
p Lib::Util::VALUE
p ::Lib::VALUE
p Object::VALUE
p Lib::Util.name
