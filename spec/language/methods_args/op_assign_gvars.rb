$hits = 0
def hit
  $hits += 1
end
hit
hit
p $hits
$name ||= "default"
p $name
$name ||= "other"
p $name
$flag &&= :never
p $flag
$list ||= []
$list << 1
$list += [2]
p $list
