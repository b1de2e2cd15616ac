class Thing
  define_method(:run) do
    yield
  end
end

Thing.new.run { puts "given" }
