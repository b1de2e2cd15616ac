class Account
  def inspect = "#<Account>"
  def show = self.balance

  private

  def balance = 10
end

p Account.new.show
other = Account.new
other.balance
