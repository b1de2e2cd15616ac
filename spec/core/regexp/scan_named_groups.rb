# scan with named groups gives the named groups only.
p "a=1, b=2".scan(/(?<key>\w)=(?<value>\d)/), "xy".scan(/(?<c>.)(.)/)
"k=v".scan(/(?<key>\w)=(?<value>\w)/) { p [$~[:key], $~[:value]] }
