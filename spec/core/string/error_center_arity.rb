puts "before"
"abc".center
