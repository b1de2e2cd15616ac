require_relative "lib/account_lib"

class Account
  def withdraw(n)
    @balance -= n
    self
  end
end

a = Account.new(100)
p a.deposit(50).withdraw(30).balance
p Account.instance_methods(false).sort
