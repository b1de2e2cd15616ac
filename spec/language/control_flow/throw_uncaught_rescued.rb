begin
  throw :nobody
rescue UncaughtThrowError => e
  p e.class
  p e.message
  p e.tag
  p e.value
end
begin
  throw :tag, 5
rescue ArgumentError => e
  p e.class.superclass
  p e.value
end
