class DetailedError < StandardError
  def initialize(code)
    @code = code
    super("code #{code}")
  end

  def message = "detailed: #{super}"
end

raise DetailedError.new(7)
