# Dir.mkdir of a directory that exists: MRI's Errno::EEXIST report.
puts "making"
Dir.mkdir(".")
puts "not reached"
