# An exception raised in Dir.chdir's block goes through chdir (which puts
# the working directory back) to the top.
start = Dir.pwd
at_exit { puts Dir.pwd == start }
Dir.chdir("/") do
  puts Dir.pwd
  raise ArgumentError, "raised inside chdir"
end
