r = catch(:outer) do
  inner = catch(:inner) do
    throw :inner, "inner value"
  end
  puts "after inner: #{inner}"
  catch(:inner) do
    throw :outer, "skipped to outer"
  end
  "not reached"
end
p r
tag = Object.new
p(catch(tag) { throw tag, :object_tag })
p(catch { |t| throw t, :anonymous })
s = "str"
p(catch(s) { throw s, :string_tag })
