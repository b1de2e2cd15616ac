def capture(&blk)
  blk
end

b = capture { |x| x + 1 }
p b.class
p b.lambda?
p b.call(1)
p capture
def run(&blk)
  blk.call(10) if blk
end
p run { |v| v * v }
p run
