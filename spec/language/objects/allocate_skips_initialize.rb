class Account
  def initialize
    @balance = 100
    puts "initialize ran"
  end

  def balance
    @balance
  end
end

a = Account.allocate
p a.balance
p a.instance_variables
b = Account.new
p b.balance
p b.instance_variables
p a.class
