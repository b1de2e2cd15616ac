# Lambdas and procs share the $~ of the method they are written in;
# methods made by define_method have their own.
class C
  define_method(:dm) { |s| s =~ /(\w)/; $1 }

  def via_lambda
    l = ->(s) { s =~ /(\d)/ }
    l.call("a5")
    $1
  end

  def via_proc
    pr = proc { |s| s =~ /(\d)/ }
    pr.call("b7")
    $1
  end

  def nested
    [1].each { ->(s) { s =~ /(\w+)/ }.call("deep") }
    $1
  end
end
c = C.new
p c.dm("xyz"), $1
p c.via_lambda, c.via_proc, c.nested
