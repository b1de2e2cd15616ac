# A literal without interpolation is one frozen object; Regexp.new makes
# new unfrozen ones.
ids = (1..3).map { /abc/.object_id }
p ids.uniq.size
p(/abc/.frozen?, Regexp.new("abc").frozen?)
p(/a#{1}/.frozen?)
