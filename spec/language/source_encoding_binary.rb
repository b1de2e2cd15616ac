# encoding: binary
# In a binary file, string literals may hold any byte.
p "ÿş".bytes, "cafÃ©".bytesize
__END__
ÿ data
