class Dyn
  define_method(:explode) do |n|
    raise "dynamic #{n}"
  end
end

Dyn.new.explode(3)
