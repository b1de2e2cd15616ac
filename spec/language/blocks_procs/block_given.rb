def maybe
  if block_given?
    "block: #{yield}"
  else
    "no block"
  end
end

p maybe
p maybe { 42 }
p(maybe do "do-block" end)
def pass_along(&blk)
  maybe(&blk)
end
p pass_along
p pass_along { :inner }
