class Config
  def inspect = "#<Config>"

  private

  attr_writer :mode
end

c = Config.new
c.mode = :fast
