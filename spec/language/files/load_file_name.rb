load "lib/show_file.rb"
load "lib/show_file.rb"
p $shown
p __FILE__
p $shown.first == __FILE__
