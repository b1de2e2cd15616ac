def never_called(x)
  case x
  in [a, b]
    a + b
  in Integer
    x
  end
end
def sometimes(flag)
  if flag
    case [flag, 1]; in [c, d] then c; end
  else
    "plain"
  end
end
puts "runs normally"
p sometimes(false)
p sometimes(nil)
p 2 ** 10
