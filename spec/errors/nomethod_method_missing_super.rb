class Proxy
  def inspect = "#<Proxy>"

  def method_missing(name, *args)
    if name == :known
      "known"
    else
      super
    end
  end
end

pr = Proxy.new
puts pr.known
pr.unknown(1, 2)
