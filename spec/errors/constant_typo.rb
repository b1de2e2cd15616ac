Limit = 10
puts Limit
puts Limt
