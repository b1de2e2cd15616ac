def report
  raise ArgumentError, "line one\nline two\nline three"
end

report
