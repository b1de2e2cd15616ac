tokens = [1, :plus, 2, :times, 3, :stop, 4]
acc = []
tokens.each do |t|
  case t
  when Integer then acc << t
  when :plus, :times then acc << t.to_s
  when :stop then break
  end
end
p acc
