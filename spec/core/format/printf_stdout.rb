def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

printf("%d-%s\n", 1, "a")
printf("no newline")
puts
p printf("")
p printf
$stdout.printf("%05.2f\n", 3.14159) if $stdout.respond_to?(:printf)
printf($stdout, "%s to io\n", "written")
show { printf("%d\n") }
