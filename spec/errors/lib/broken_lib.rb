puts "lib loaded"
def lib_helper(x)
  x.fetch_value
end
lib_helper(5)
