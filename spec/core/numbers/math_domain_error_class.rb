p Math::DomainError.superclass
p Math::DomainError.ancestors.include?(ArgumentError)
begin
  Math.log(-1)
rescue StandardError => e
  p e.class
  p e.message
end
