class Account
  attr_accessor :balance, :owner, :note

  def initialize
    @balance = 100
  end
end

acct = Account.new
acct.balance += 50
acct.balance -= 30
acct.owner ||= "ann"
acct.owner ||= "bob"
acct.note &&= "never"
p [acct.balance, acct.owner, acct.note]
r = (acct.balance *= 2)
p r
