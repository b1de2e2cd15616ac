# MRI 3.1's report of an uncaught exception writes each message (the
# exception's and its causes') with backslashes doubled and control
# characters other than tab and newline escaped; full_message does not.
$stderr.puts((raise "full\\message" rescue $!.full_message(highlight: false)))
at_exit { $stderr.puts "exit" }
def go
  raise "first\\cause\ttab"
rescue
  raise ArgumentError, "a\\b\e[1m\0\x01\x7f é\nsecond \\ line"
end
go
