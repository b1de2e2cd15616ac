r = case 5
    when 1 then :one
    end
p r
v = case "b"
    when "a"
      :a
    when "b"
      first = 1
      :b
    end
p v
p first
w = case 1 when 1 then :inline end
p w
