def search
  throw :found, 1
end

catch(:other) do
  search
end
