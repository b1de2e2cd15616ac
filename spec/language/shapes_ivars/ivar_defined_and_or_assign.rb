class Memo
  def compute
    @calls = (@calls || 0) + 1
    @result ||= begin
      puts "computing"
      42
    end
  end

  def calls = @calls
end

m = Memo.new
p defined?(@result)
p m.compute
p m.compute
p m.calls
p m.instance_variable_defined?(:@result)
n = Memo.new
p n.instance_variables
