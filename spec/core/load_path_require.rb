# $LOAD_PATH ($:, $-I) and $LOADED_FEATURES ($"): `require` of a bare name
# looks along the load path; a required file's absolute path joins
# $LOADED_FEATURES, and taking it out lets the file be required again.
# Both variables are read-only: their Arrays change in place.
dir = "/tmp/rhizome_spec_#{$$}_load_path"
Dir.mkdir(dir) unless Dir.exist?(dir)
Dir.mkdir("#{dir}/lib") unless Dir.exist?("#{dir}/lib")
Dir.mkdir("#{dir}/other") unless Dir.exist?("#{dir}/other")
File.write("#{dir}/lib/lp_widget.rb", "puts 'loading lp_widget'\n$widget_loads = ($widget_loads || 0) + 1\n")
File.write("#{dir}/other/lp_widget.rb", "puts 'the other lp_widget'\n")
File.write("#{dir}/lib/lp_broken.rb", "puts 'loading lp_broken'\nraise 'broken'\n")
File.write("#{dir}/lib/lp_cycle.rb", "puts 'lp_cycle starts'\np require('lp_cycle')\nputs 'lp_cycle ends'\n")

p $:.equal?($LOAD_PATH), $-I.equal?($:), $".equal?($LOADED_FEATURES)
p $LOAD_PATH.class, $LOADED_FEATURES.class

$LOAD_PATH.unshift "#{dir}/lib"
$LOAD_PATH.push "#{dir}/other"
p require("lp_widget")
p require("lp_widget")
p require("lp_widget.rb")
p $widget_loads
p $LOADED_FEATURES.count { |f| f.end_with?("/lp_widget.rb") }
p $LOADED_FEATURES.include?(File.realpath("#{dir}/lib/lp_widget.rb"))

# Taken out of $LOADED_FEATURES, the file is required again.
$LOADED_FEATURES.delete_if { |f| f.end_with?("/lp_widget.rb") }
p require("lp_widget")
p $widget_loads

# The first directory that has the file wins.
$LOAD_PATH.delete("#{dir}/lib")
$LOADED_FEATURES.delete_if { |f| f.end_with?("/lp_widget.rb") }
p require("lp_widget")
$LOAD_PATH.unshift "#{dir}/lib"

# A file that raises is not loaded: requiring it again runs it again.
2.times do
  begin
    require "lp_broken"
  rescue RuntimeError => e
    p e.message
  end
end
p $LOADED_FEATURES.any? { |f| f.end_with?("/lp_broken.rb") }

# A require cycle returns false.
p require("lp_cycle")

# A relative entry is taken from the current directory.
Dir.chdir(dir) do
  $LOAD_PATH.unshift "other"
  $LOADED_FEATURES.delete_if { |f| f.end_with?("/lp_widget.rb") }
  p require("lp_widget")
  $LOAD_PATH.shift
end

begin
  require "lp_no_such_file"
rescue LoadError => e
  p e.class, e.message
end

[-> { $: = [] }, -> { $LOAD_PATH = [] }, -> { $-I = nil }, -> { $" = [] }, -> { $LOADED_FEATURES = 1 }].each do |assign|
  begin
    assign.call
  rescue NameError => e
    p e.message, e.name
  end
end

$LOAD_PATH << 12
begin
  require "lp_no_such_file"
rescue TypeError => e
  p e.class, e.message
end
$LOAD_PATH.pop

%w[lib/lp_widget.rb other/lp_widget.rb lib/lp_broken.rb lib/lp_cycle.rb].each { |f| File.delete("#{dir}/#{f}") }
Dir.rmdir("#{dir}/lib")
Dir.rmdir("#{dir}/other")
Dir.rmdir(dir)
