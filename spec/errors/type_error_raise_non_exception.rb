def fail_with(x)
  raise x
end

fail_with(42)
