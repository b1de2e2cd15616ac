# $~ can be assigned a MatchData or nil.
m = /(a)/.match("a")
"zzz" =~ /(z)/
$~ = m
p $1
$~ = nil
p $1, $~
begin
  $~ = "string"
rescue TypeError => e
  p e.message
end
