p __FILE__
p $0
p $PROGRAM_NAME
p __FILE__ == $0
p __LINE__
def where = [__FILE__, __LINE__]
p where
puts "run directly" if __FILE__ == $0
