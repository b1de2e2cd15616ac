class Config
  class << self
    def setting
      @setting ||= "default"
    end

    def setting=(v)
      @setting = v
    end

    private

    def hidden
      "hidden"
    end
  end
end

p Config.setting
Config.setting = "custom"
p Config.setting
p Config.respond_to?(:hidden)
p Config.send(:hidden)
