module App
  def self.config = ::AppConfig
end

App.config
