def search(data, target)
  data.each_with_index do |v, i|
    throw :done, "found #{target} at #{i}" if v == target
  end
  nil
end

def run(data, target)
  catch(:done) do
    search(data, target)
    "missing #{target}"
  end
end
p run([5, 6, 7], 6)
p run([5, 6, 7], 9)
