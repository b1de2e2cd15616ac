$raising_partial = :before_raise
def lib_fail
  raise ArgumentError, "failed inside lib"
end
lib_fail
$raising_partial = :after_raise
