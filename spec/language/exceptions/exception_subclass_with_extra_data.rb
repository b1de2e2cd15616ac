class HttpError < StandardError
  attr_reader :status

  def initialize(status, msg = "HTTP #{status}")
    @status = status
    super(msg)
  end
end

class NotFound < HttpError
  def initialize = super(404, "not found")
end

[-> { raise HttpError.new(500) }, -> { raise NotFound }, -> { raise HttpError, 418 }].each do |t|
  t.call
rescue HttpError => e
  puts "#{e.class} #{e.status} #{e.message}"
end
