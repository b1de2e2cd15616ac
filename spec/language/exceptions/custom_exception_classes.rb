class AppError < StandardError
end

class ValidationError < AppError
  def initialize(field)
    @field = field
    super("#{field} is invalid")
  end

  attr_reader :field
end

class DefaultMsg < AppError
  def initialize(msg = "default app message")
    super
  end
end

begin
  raise ValidationError.new(:email)
rescue AppError => e
  p e.class
  p e.message
  p e.field
end
begin
  raise DefaultMsg
rescue => e
  p e.message
end
p ValidationError.ancestors.take(5)
