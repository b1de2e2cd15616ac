# An interpolated literal that is not a valid pattern raises RegexpError
# when evaluated.
open = "("
begin
  /a#{open}/
rescue RegexpError => e
  p e.message
end
/x#{open}y/
